//! Board piece codes: `colour << 3 | (kind + 1)` for a piece, 0 for an empty point. What
//! [`Position::code_at`](crate::Position::code_at) returns, and the index of
//! [`Position::code_bits`](crate::Position::code_bits): for engines that read the board in
//! their inner loops.

#![allow(missing_docs)]

pub const EMPTY: u8 = 0;
pub const fn of(color: usize, kind: usize) -> u8 {
    ((color as u8) << 3) | (kind as u8 + 1)
}
pub const fn general(c: usize) -> u8 {
    of(c, 0)
}
pub const fn advisor(c: usize) -> u8 {
    of(c, 1)
}
pub const fn elephant(c: usize) -> u8 {
    of(c, 2)
}
pub const fn horse(c: usize) -> u8 {
    of(c, 3)
}
pub const fn chariot(c: usize) -> u8 {
    of(c, 4)
}
pub const fn cannon(c: usize) -> u8 {
    of(c, 5)
}
pub const fn soldier(c: usize) -> u8 {
    of(c, 6)
}
#[inline(always)]
pub const fn color(code: u8) -> usize {
    (code >> 3) as usize
}
#[inline(always)]
pub const fn kind(code: u8) -> usize {
    ((code & 7) - 1) as usize
}
