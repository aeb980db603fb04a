//! The page's effects as custom hooks, so the root component only composes them: the search
//! worker kept in step with the state, the clocks' alarm, the game kept between visits, the keyboard shortcuts,
//! the sounds, the document's language and title, the reader of the records players keep, and
//! the openings' worker.

mod use_clock_alarm;
mod use_document;
mod use_openings;
mod use_record_reader;
mod use_saved_game;
mod use_shortcuts;
mod use_sounds;
mod use_worker;

pub use use_clock_alarm::use_clock_alarm;
pub use use_document::use_document_lang;
pub use use_openings::{main_line_tags, use_openings};
pub use use_record_reader::{drop_target, file_chosen, use_record_reader, RecordReader};
pub use use_saved_game::{
    leaving_list, player_rating, use_saved_game, use_unsaved_game, Page, Saving,
};
pub use use_shortcuts::{board_keys, use_shortcuts};
pub use use_sounds::use_sounds;
pub use use_worker::use_worker;
