//! The pipes to an external engine's process: its input, and its output read line by line on
//! a thread of its own, so that waiting for a line can time out.

use super::error::PlayerError;
use super::uci_spec::UciSpec;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// The pipes to a running engine; dropping it says `quit` and ends the process.
pub struct Connection {
    /// The process, when there is one (tests talk to a thread instead).
    pub child: Option<Child>,
    /// The engine's input.
    pub input: Box<dyn Write + Send>,
    /// The engine's output, line by line; closed when the output ends.
    pub lines: Receiver<String>,
}

impl Connection {
    /// Starts the engine's process with its input and output piped (its standard error is
    /// discarded).
    pub fn spawn(spec: &UciSpec) -> Result<Connection, PlayerError> {
        let mut cmd = Command::new(&spec.command[0]);
        cmd.args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| PlayerError::Start {
            command: spec.command.join(" "),
            error: e.to_string(),
        })?;
        let input = child.stdin.take().expect("stdin is piped");
        let output = child.stdout.take().expect("stdout is piped");
        Ok(Connection {
            child: Some(child),
            input: Box::new(input),
            lines: read_lines(output),
        })
    }
}

/// Reads lines on a thread of its own, so that waiting for one can time out; the channel
/// closes when the output ends.
pub fn read_lines<R: std::io::Read + Send + 'static>(r: R) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Drop for Connection {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        if let Some(child) = &mut self.child {
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
