//! The page's two languages, Simplified Chinese and English, as a setting: its key in links
//! and saved games, and how it is chosen. What each language writes is in `text/i18n.rs`.

/// A language of the page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// The stable key, used in links and saved games.
    pub fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language for a key, or for a browser language tag such as "zh-CN" or "en-GB".
    pub fn from_key(key: &str) -> Option<Lang> {
        let k = key.trim().to_ascii_lowercase();
        if k == "zh" || k.starts_with("zh-") || k.starts_with("zh_") {
            Some(Lang::Zh)
        } else if k == "en" || k.starts_with("en-") || k.starts_with("en_") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language for the browser's preferred language: Chinese for any zh tag, else English.
    pub fn from_browser(tag: Option<&str>) -> Lang {
        match tag.and_then(Lang::from_key) {
            Some(Lang::Zh) => Lang::Zh,
            _ => Lang::En,
        }
    }

    /// The other language, for the switch.
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Zh,
            Lang::Zh => Lang::En,
        }
    }

    /// The value of the page's `lang` attribute.
    pub fn html_tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    }
}
