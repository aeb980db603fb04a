// Serves the built app (dist/) on 127.0.0.1 and prints its address.
// Usage: node scripts/web-serve.mjs [port]   (default 8080; 0 picks a free port)
import { serve, DIST } from '../tests/harness.mjs';

const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
const server = await serve(DIST, port).catch(async (e) => {
  if (e.code !== 'EADDRINUSE') throw e;
  console.error(`port ${port} is taken; using a free one`);
  return serve(DIST, 0);
});
console.log(`Xiangqi is served at ${server.url} (Ctrl-C to stop)`);
process.on('SIGINT', async () => {
  await server.close();
  process.exit(0);
});
