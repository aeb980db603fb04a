// The practice module's code compiled off the page's thread (a classic worker, started by
// www/page.js with the compiled module). The browser compiles a function on its first call,
// on the calling thread, and every instance of the module in the page's process then shares
// the code: so this worker calls each function once, in an instance of its own whose
// imports do nothing, through the export `__warm` that the build adds (scripts/wasm-warm.mjs:
// each function returns at once there), and the page's first renders find their code
// compiled. It answers when done, or with an error; the page starts the module either way.
onmessage = ({ data: module }) => {
  const imports = {};
  for (const i of WebAssembly.Module.imports(module)) (imports[i.module] ??= {})[i.name] = () => {};
  new WebAssembly.Instance(module, imports).exports.__warm();
  postMessage('warm');
  close();
};
