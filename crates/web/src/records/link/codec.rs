//! The address's query as text: reading it as the browser does, taking a parameter's value,
//! and escaping a value for a link or an embed address.

/// An address's query (with or without its '?') as the browser's `URLSearchParams` reads it:
/// `&`-separated pairs, `+` for a space, `%XX` escapes (an invalid one kept as written), and
/// invalid UTF-8 replaced.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let decode = |s: &str| {
        let bytes = s.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len() => {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                    match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                        Some(b) => {
                            out.push(b);
                            i += 2;
                        }
                        None => out.push(b'%'),
                    }
                }
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// The value of the parameter `name`, trimmed: its first, if it is given twice (the rule of
/// `URLSearchParams.get`, by which the page reads its address and `embed`).
pub fn first(params: &[(String, String)], name: &str) -> Option<String> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim().to_string())
}

/// `text` escaped for a query value: RFC 3986 unreserved characters and '/' as they are,
/// spaces as '+', every other byte as `%XX`. The one encoder for links and embed addresses.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
