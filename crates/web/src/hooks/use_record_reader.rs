//! Opening the records players keep: a file chosen or dropped on the board, or a pasted text
//! the page's own import cannot read (another form, or several games). The records' worker
//! (`records/reader.rs`) reads it into game trees, started the first time a record needs it;
//! the first game goes on the board, and a record of several games lists them to choose from
//! ([`RecordReader::found`]). What was opened, or why not, is said in a notice. The reader is
//! handed down as a context, so the import panel and the board reach the same one.

use crate::model::{game, Action, Notice, RecordOpened};
use crate::records::convert::Converted;
use crate::records::pgn::ImportError;
use crate::records::reader::{Converter, Heard};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The page's record reader.
#[derive(Clone)]
pub struct RecordReader {
    /// Reads a record's bytes; the error, if any, is the page's own import's, said instead of
    /// the worker's when the worker finds no other form either.
    pub read: Callback<(Vec<u8>, Option<ImportError>)>,
    /// The games of the last record read, when it has more than one.
    pub found: Option<Rc<Converted>>,
    /// Puts game `i` of [`RecordReader::found`] on the board.
    pub choose: Callback<usize>,
    /// A record is being read.
    pub reading: bool,
    /// How many records have been opened so far (the import panel closes on each, unless it
    /// lists a record's games).
    pub opened: u32,
}

impl PartialEq for RecordReader {
    fn eq(&self, other: &RecordReader) -> bool {
        self.reading == other.reading
            && self.opened == other.opened
            && match (&self.found, &other.found) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

/// Puts game `i` of `record` on the board, and says what it holds beyond it.
fn open(record: &Converted, i: usize, dispatch: &Callback<Action>) {
    let Some(g) = record.games.get(i) else { return };
    match g.tree() {
        Some(tree) => {
            dispatch.emit(game::Action::Load(Rc::new(tree)).into());
            dispatch.emit(Action::Notify(Notice::RecordOpened(RecordOpened {
                format: record.format.clone(),
                game: i + 1,
                games: record.total,
                moves: g.moves,
                variations: g.variations,
                fault: g.fault.clone(),
            })));
        }
        // The worker's message is made by the same code: this is a worker of another
        // version of the page, which a reload puts right.
        None => dispatch.emit(Action::Notify(Notice::ReaderUnavailable)),
    }
}

/// The page's record reader, for the import panel and the board.
#[hook]
pub fn use_record_reader(dispatch: Callback<Action>) -> RecordReader {
    let converter = use_mut_ref(|| None::<Converter>);
    // The page's own import's error for the record being read.
    let fallback = use_mut_ref(|| None::<ImportError>);
    let found = use_state(|| None::<Rc<Converted>>);
    let reading = use_state(|| false);
    let opened = use_state(|| 0u32);
    let count = use_mut_ref(|| 0u32);
    let read = {
        let (found, reading, opened) = (found.setter(), reading.setter(), opened.setter());
        let (dispatch, fallback, converter) =
            (dispatch.clone(), fallback.clone(), converter.clone());
        Callback::from(move |(bytes, own): (Vec<u8>, Option<ImportError>)| {
            *fallback.borrow_mut() = own;
            if converter.borrow().is_none() {
                let on_heard = heard(
                    dispatch.clone(),
                    fallback.clone(),
                    converter.clone(),
                    Setters {
                        found: found.clone(),
                        reading: reading.clone(),
                        opened: opened.clone(),
                        count: count.clone(),
                    },
                );
                *converter.borrow_mut() = Converter::spawn(on_heard).ok();
            }
            match converter.borrow().as_ref() {
                Some(c) => {
                    reading.set(true);
                    c.read(&bytes);
                }
                None => dispatch.emit(Action::Notify(Notice::ReaderUnavailable)),
            }
        })
    };
    let choose = {
        let (found, dispatch) = (found.clone(), dispatch.clone());
        Callback::from(move |i: usize| {
            if let Some(record) = found.as_ref() {
                open(record, i, &dispatch);
            }
        })
    };
    RecordReader {
        read,
        found: (*found).clone(),
        choose,
        reading: *reading,
        opened: *opened,
    }
}

/// What the worker's answers change in the reader.
struct Setters {
    found: UseStateSetter<Option<Rc<Converted>>>,
    reading: UseStateSetter<bool>,
    opened: UseStateSetter<u32>,
    count: Rc<RefCell<u32>>,
}

/// What the page does with what the worker says.
fn heard(
    dispatch: Callback<Action>,
    fallback: Rc<RefCell<Option<ImportError>>>,
    converter: Rc<RefCell<Option<Converter>>>,
    set: Setters,
) -> impl Fn(Heard) + 'static {
    move |heard: Heard| {
        set.reading.set(false);
        let own = fallback.borrow_mut().take();
        let notice = match heard {
            // A pasted PGN with a move that cannot be played: the page's own reading names
            // it, and the game stays, as the text stays in the box to be set right.
            Heard::Read(Ok(record))
                if own.is_some()
                    && record.format == "PGN"
                    && record.games.first().is_some_and(|g| g.fault.is_some()) =>
            {
                own.map_or(Notice::ReaderUnavailable, Notice::Import)
            }
            Heard::Read(Ok(record)) if !record.games.is_empty() => {
                open(&record, 0, &dispatch);
                let n = *set.count.borrow() + 1;
                *set.count.borrow_mut() = n;
                set.opened.set(n);
                set.found.set((record.total > 1).then(|| Rc::new(record)));
                return;
            }
            Heard::Read(Ok(record)) => {
                Notice::RecordUnreadable(Some(record.format), "it holds no game".into())
            }
            // Not another form either: the page's own reading says best what is wrong.
            Heard::Read(Err(e)) => match (own, e.format.as_deref()) {
                (Some(own), None | Some("PGN")) => Notice::Import(own),
                _ => Notice::RecordUnreadable(e.format, e.detail),
            },
            Heard::Unavailable => {
                // Started again next time (the files may be kept by then).
                if let Ok(mut c) = converter.try_borrow_mut() {
                    c.take();
                }
                own.map_or(Notice::ReaderUnavailable, Notice::Import)
            }
        };
        dispatch.emit(Action::Notify(notice));
    }
}

/// The bytes of `file`, read by the browser.
async fn file_bytes(file: web_sys::File) -> Option<Vec<u8>> {
    let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The board as a place to drop a record file on: the handlers of its `dragover` (which
/// allows the drop) and `drop` (which reads the first file dropped).
pub fn drop_target(reader: &RecordReader) -> (Callback<DragEvent>, Callback<DragEvent>) {
    let over = Callback::from(|e: DragEvent| {
        if e.data_transfer()
            .is_some_and(|d| d.types().includes(&"Files".into(), 0))
        {
            e.prevent_default();
        }
    });
    let read = reader.read.clone();
    let drop = Callback::from(move |e: DragEvent| {
        let Some(file) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        else {
            return;
        };
        e.prevent_default();
        let read = read.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Some(bytes) = file_bytes(file).await {
                read.emit((bytes, None));
            }
        });
    });
    (over, drop)
}

/// The handler of a file input: reads the file chosen.
pub fn file_chosen(reader: &RecordReader) -> Callback<Event> {
    let read = reader.read.clone();
    Callback::from(move |e: Event| {
        let Some(input) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        // The same file chosen again is read again.
        input.set_value("");
        let read = read.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Some(bytes) = file_bytes(file).await {
                read.emit((bytes, None));
            }
        });
    })
}
