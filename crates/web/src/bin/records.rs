//! The records' worker: reads the records players keep (XQF, DhtmlXQ, WXF, PGN in any notation
//! and encoding) into PGN texts off the page's thread. The page starts it when a record first
//! needs it, so the first load carries none of its readers.

fn main() {
    #[cfg(target_arch = "wasm32")]
    xiangqi_web::records::reader::serve();
}
