//! What the property tests share: playouts from fixed seeds, the properties checked at each
//! position, and a deliberately simple reference move generator.

// Each test file uses a part of these modules.
#![allow(dead_code)]

pub mod checks;
pub mod playout;
pub mod reference;
