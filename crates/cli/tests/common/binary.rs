//! The real binary speaking UCI on pipes, with every line it writes timestamped, so that
//! tests can check what it answers and when.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
}

impl Uci {
    /// `xiangqi uci`, or `xiangqi` with no command when `args` is empty (a pipe).
    pub fn start(args: &[&str]) -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line and returns when it was sent.
    pub fn send(&mut self, line: &str) -> Instant {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        Instant::now()
    }

    /// Closes the engine's input (the end of a pipe).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The lines up to and including the first that starts with `prefix`, and when that
    /// one came; panics after `timeout` with what came so far.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> (Vec<String>, Instant) {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return (seen, at);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no \"{prefix}\" within {timeout:?}; got {seen:#?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine exited before \"{prefix}\"; got {seen:#?}")
                }
            }
        }
    }

    /// Every line written within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut seen = Vec::new();
        while let Ok((_, line)) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            seen.push(line);
        }
        seen
    }

    /// Sends `isready` and waits for `readyok` (everything before it has been read).
    pub fn sync(&mut self) {
        self.send("isready");
        self.until("readyok", Duration::from_secs(10));
    }

    /// Waits for the process to end by itself; `None` if it is still running after
    /// `timeout` (then it is killed).
    pub fn exit_within(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The node count of the last `info ... nodes N` line among `lines`.
pub fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            l.starts_with("info ")
                .then(|| words.by_ref().skip_while(|&w| w != "nodes").nth(1))
                .flatten()
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or_else(|| panic!("no info line with nodes in {lines:#?}"))
}
