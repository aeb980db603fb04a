//! The page's components, one per file, each with its `Props`. They draw what they are given and
//! report what the person did; the state changes only through actions dispatched in `app.rs`.

pub mod board;
pub mod controls;
pub mod embed_code;
pub mod move_list;
pub mod point;
pub mod result;
pub mod status;
pub mod tools;
