//! What the practice page keeps in the browser: the person's practice record, read once when a
//! part of the page opens and written back on each change (the rules in `practice/kept.rs`);
//! and what the page says when the record was read only in part, could not be read (it is then
//! kept aside), or could not be written (the browser's storage is full).

use crate::browser;
use crate::practice::kept::{read_progress, write_progress, StoreNote};
use crate::practice::progress::{Progress, KEY};
use crate::records::saved::list::Store;
use crate::text::i18n::Lang;
use yew::prelude::*;

/// The person's practice record from the browser, with what to tell about it. A record that
/// cannot be read is put aside under a dated key of its own (never overwritten), and practice
/// starts afresh.
pub fn load_progress() -> (Progress, Option<StoreNote>) {
    let Some(store) = browser::storage() else {
        return (Progress::default(), None);
    };
    read_progress(&store, crate::model::clock::now_ms())
}

/// The record as kept now, if it can be read (another tab may have written it meanwhile).
pub fn reload_progress() -> Option<Progress> {
    Progress::read(&browser::storage()?.read(KEY)?)
        .ok()
        .map(|(p, _)| p)
}

/// Keeps `progress` in the browser whenever it changes, and when the person asks to try again;
/// `first` is what reading it said. The bar to show, if anything is to be told.
#[hook]
pub fn use_kept_progress(progress: &Progress, first: Option<StoreNote>, lang: Lang) -> Html {
    let note = use_state_eq(|| first);
    let tries = use_state(|| 0u32);
    {
        let note = note.clone();
        use_effect_with((progress.clone(), *tries), move |(p, _)| {
            if let Some(store) = browser::storage() {
                let now = crate::model::clock::now_ms();
                note.set(write_progress(&store, p, (*note).clone(), now));
            }
        });
    }
    let retry = Callback::from(move |_: MouseEvent| tries.set(*tries + 1));
    match &*note {
        Some(n) => store_bar(n, lang, retry),
        None => Html::default(),
    }
}

/// The note in words, with a button to try the write again when it was refused.
pub fn store_bar(note: &StoreNote, lang: Lang, retry: Callback<MouseEvent>) -> Html {
    let text = match (note, lang) {
        (StoreNote::Repaired(fields), Lang::En) => format!(
            "Your practice record was read in part: {} set back to the start.",
            fields.join(", ")
        ),
        (StoreNote::Repaired(fields), Lang::Zh) => {
            format!("练习记录只读出了一部分：{} 已恢复为初始值。", fields.join("、"))
        }
        (StoreNote::Aside(key), Lang::En) => format!(
            "Your practice record could not be read: it is kept aside in this browser's storage (“{key}”), and practice starts afresh."
        ),
        (StoreNote::Aside(key), Lang::Zh) => {
            format!("练习记录无法读取：原文已另存在本浏览器的存储中（“{key}”），练习重新开始。")
        }
        (StoreNote::Unreadable | StoreNote::Refused, _) => lang
            .t(
                "This browser's storage is full: your results are kept in this page only, and are lost when it closes. Make room (delete games you no longer need from My games on the game page), then try again.",
                "本浏览器的存储空间已满：练习结果只保存在此页面中，关闭即会丢失。请腾出空间（在对局页的“我的对局”中删除不再需要的对局），然后重试。",
            )
            .into(),
    };
    let full = matches!(note, StoreNote::Unreadable | StoreNote::Refused);
    html! {
        <div class={classes!("notice", full.then_some("storage"))}
             data-testid={if full { "storage-full" } else { "notice" }} role="alert">
            <span>{text}</span>
            if full {
                <span class="row">
                    <button type="button" data-action="retry-save" onclick={retry}>{lang.t("Try again", "重试")}</button>
                </span>
            }
        </div>
    }
}
