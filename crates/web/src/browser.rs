//! The few things the page asks of the browser outside Yew: the address, localStorage, the
//! clipboard, a file download and dates. Each fails quietly: the page works without.

use wasm_bindgen::JsCast;

/// The address's query parameters named in `names`, in that order, decoded: a parameter given
/// twice counts with its first value (`URLSearchParams.get`), the one rule for every parameter.
pub fn url_params(names: &[&str]) -> Vec<(String, String)> {
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return Vec::new();
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    names
        .iter()
        .filter_map(|&k| params.get(k).map(|v| (k.to_string(), v)))
        .collect()
}

/// True if the page's address asks for the embedded layout (`embed=1`), read as every other
/// parameter is: its first value, decoded.
pub fn embed_param() -> bool {
    let value = url_params(&[crate::records::link::names::EMBED])
        .pop()
        .map(|(_, v)| v);
    crate::records::embed::embed_value(value.as_deref())
}

/// Removes the query from the address without reloading, so that a reload does not apply it
/// again.
pub fn drop_query() {
    let Some(w) = web_sys::window() else { return };
    let path = w.location().pathname().unwrap_or_default();
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

/// The page's address without its query or fragment.
pub fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// The page's host, for a record's Site tag.
pub fn host() -> String {
    web_sys::window()
        .and_then(|w| w.location().host().ok())
        .unwrap_or_default()
}

/// The browser's preferred language tag, such as "zh-CN".
pub fn language() -> Option<String> {
    web_sys::window()?.navigator().language()
}

/// The page's localStorage, where the browser allows it.
pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// localStorage as the recent games' store.
impl crate::records::saved::list::Store for web_sys::Storage {
    fn read(&self, key: &str) -> Option<String> {
        self.get_item(key).ok().flatten()
    }
    fn write(&self, key: &str, value: &str) -> Result<(), crate::records::saved::list::Refused> {
        self.set_item(key, value)
            .map_err(|_| crate::records::saved::list::Refused)
    }
    fn remove(&self, key: &str) {
        let _ = self.remove_item(key);
    }
    fn keys(&self) -> Vec<String> {
        let n = self.length().unwrap_or(0);
        (0..n).filter_map(|i| self.key(i).ok().flatten()).collect()
    }
}

/// Opens the system's share sheet for `url` with `title` where the browser has one (phones),
/// else copies the link; true if the share sheet opened.
pub fn share_or_copy(title: &str, url: &str) -> bool {
    use js_sys::{Function, Object, Promise, Reflect};
    let Some(w) = web_sys::window() else {
        return false;
    };
    let nav: wasm_bindgen::JsValue = w.navigator().into();
    let share = Reflect::get(&nav, &"share".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    let Some(share) = share else {
        copy(url);
        return false;
    };
    let data = Object::new();
    let _ = Reflect::set(&data, &"title".into(), &title.into());
    let _ = Reflect::set(&data, &"url".into(), &url.into());
    match share
        .call1(&nav, &data)
        .and_then(|p| p.dyn_into::<Promise>())
    {
        Ok(p) => {
            // A share the person cancels is no error.
            ignore_rejection(&p);
            true
        }
        Err(_) => {
            copy(url);
            false
        }
    }
}

/// Copies `text` to the clipboard where the browser allows; the text is shown anyway.
pub fn copy(text: &str) {
    use js_sys::{Function, Promise, Reflect};
    let Some(w) = web_sys::window() else { return };
    let nav: wasm_bindgen::JsValue = w.navigator().into();
    let Ok(clip) = Reflect::get(&nav, &"clipboard".into()) else {
        return;
    };
    if clip.is_undefined() {
        return;
    }
    let Ok(f) = Reflect::get(&clip, &"writeText".into()).and_then(|f| f.dyn_into::<Function>())
    else {
        return;
    };
    if let Ok(p) = f
        .call1(&clip, &text.into())
        .and_then(|p| p.dyn_into::<Promise>())
    {
        ignore_rejection(&p);
    }
}

/// Lets `p` fail quietly: a refused copy or a cancelled share is no error on the page.
fn ignore_rejection(p: &js_sys::Promise) {
    let ignore = wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|_| {});
    let _ = p.catch(&ignore);
    ignore.forget();
}

/// Sets the document's `lang` attribute and title for `lang`.
pub fn set_document_lang(lang: crate::text::i18n::Lang) {
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("lang", lang.html_tag());
        }
        doc.set_title(lang.t("象棋 Xiangqi", "中国象棋"));
    }
}

/// Offers `text` as a file download named `name`, of the media type `mime`.
pub fn download(name: &str, text: &str, mime: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    save(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Offers the resource at `url` as a file download named `name`.
fn save(name: &str, url: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(a) = doc
        .create_element("a")
        .map(|a| a.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        a.set_href(url);
        a.set_download(name);
        a.click();
    }
}

/// Offers the SVG image `svg` (`width` by `height`) as a PNG file named `name`, drawn at
/// `scale` times its size: the page's script (`www/page.js`) draws it into a canvas on the
/// event `xiangqi:png`, which keeps the canvas and image bindings out of the page's wasm.
pub fn download_png(name: &str, svg: &str, width: u32, height: u32, scale: u32) {
    let Some(w) = web_sys::window() else { return };
    let detail = js_sys::Array::of5(
        &svg.into(),
        &name.into(),
        &width.into(),
        &height.into(),
        &scale.into(),
    );
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail);
    if let Ok(e) = web_sys::CustomEvent::new_with_event_init_dict("xiangqi:png", &init) {
        let _ = w.dispatch_event(&e);
    }
}

/// Today as "YYYY.MM.DD".
pub fn today() -> String {
    day(None)
}

/// The local date of `ms` (since 1970; `None`: now) as a PGN date, "YYYY.MM.DD".
pub fn day(ms: Option<u64>) -> String {
    let d = match ms {
        Some(ms) => js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64)),
        None => js_sys::Date::new_0(),
    };
    format!(
        "{:04}.{:02}.{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// The local date and time of `ms` (since 1970) as "YYYY-MM-DD HH:MM".
pub fn local_time(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The logical cores the browser reports (`navigator.hardwareConcurrency`), at least 1.
pub fn cores() -> u32 {
    web_sys::window()
        .map_or(1, |w| w.navigator().hardware_concurrency() as u32)
        .max(1)
}

/// Puts `query` (`?view=puzzle&puzzle=12`) in the address without reloading, so that a reload
/// or a copied address opens what is on the page.
pub fn set_query(query: &str) {
    let Some(w) = web_sys::window() else { return };
    let path = w.location().pathname().unwrap_or_default();
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}")),
        );
    }
}

/// A random number in 0..1.
pub fn random() -> f64 {
    js_sys::Math::random()
}

/// The text of the file at `url` (relative to the page), or why it cannot be had.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    use wasm_bindgen_futures::JsFuture;
    let w = web_sys::window().ok_or("no window")?;
    let failed = |e: wasm_bindgen::JsValue| {
        format!(
            "{url}: {}",
            e.as_string().unwrap_or_else(|| "cannot be fetched".into())
        )
    };
    let response: web_sys::Response = JsFuture::from(w.fetch_with_str(url))
        .await
        .map_err(failed)?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(failed)?)
        .await
        .map_err(failed)?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

/// Adds the app's hidden mark to the body (`<div class="app" hidden>`, with `data-embed` when
/// `embedded`), for a page the app does not draw.
pub fn mark_app(embedded: bool) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Ok(mark), Some(body)) = (doc.create_element("div"), doc.body()) else {
        return;
    };
    mark.set_class_name("app");
    let _ = mark.set_attribute("hidden", "");
    if embedded {
        let _ = mark.set_attribute("data-embed", "");
    }
    let _ = body.append_child(&mark);
}

/// Resolves in a task of its own (a zero timeout): work after it is not added to the task
/// that awaited it.
pub async fn next_task() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// Runs `f` in a task of its own once the browser has drawn the next frame (a zero timeout
/// set from an animation frame), so that the layout of what was just rendered is not added
/// to the task of what renders next.
pub fn after_next_frame(f: impl FnOnce() + 'static) {
    let Some(w) = web_sys::window() else {
        return f();
    };
    let frame = wasm_bindgen::closure::Closure::once_into_js(move || {
        gloo_timers::callback::Timeout::new(0, f).forget();
    });
    if w.request_animation_frame(frame.unchecked_ref()).is_err() {
        // No frames (a hidden page may have none for a while): the timeout alone.
        let f: js_sys::Function = frame.unchecked_into();
        let _ = f.call0(&wasm_bindgen::JsValue::NULL);
    }
}
