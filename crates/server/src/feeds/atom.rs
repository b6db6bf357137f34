//! Building Atom documents (RFC 4287) with `atom_syndication` from what the pages may show. Pure: the
//! handlers fetch, these functions only arrange.

use atom_syndication::{Content, Entry, Feed, Link, Person, Text};
use chrono::{DateTime, Utc};

/// One entry, already limited to public facts.
pub struct FeedEntry {
    /// A stable, unique IRI: a reader shows a new id as a new entry.
    pub id: String,
    pub title: String,
    /// The page the entry is about.
    pub link: String,
    pub updated: DateTime<Utc>,
    /// Plain text; escaped by the writer, never read as markup.
    pub body: String,
}

/// A whole feed: its own id, title, the page it mirrors and the feed's own address.
pub struct FeedHead {
    pub id: String,
    pub title: String,
    pub subtitle: Option<String>,
    pub page: String,
    pub feed: String,
}

/// The feed as XML. `updated` is the newest entry's, or `fallback` for a feed without entries (Atom
/// requires the element).
pub fn write_feed(head: FeedHead, entries: Vec<FeedEntry>, fallback: DateTime<Utc>) -> String {
    let updated = entries.iter().map(|entry| entry.updated).max().unwrap_or(fallback);
    let mut feed = Feed::default();
    feed.set_id(head.id);
    feed.set_title(Text::plain(head.title));
    feed.set_subtitle(head.subtitle.map(Text::plain));
    feed.set_updated(updated.fixed_offset());
    // Atom asks every entry for an author, or the feed for one; the site speaks for its games.
    let mut author = Person::default();
    author.set_name("Backchannel");
    feed.set_authors(vec![author]);
    feed.set_links(vec![link("alternate", head.page, "text/html"), link("self", head.feed, "application/atom+xml")]);
    feed.set_entries(entries.into_iter().map(entry).collect::<Vec<_>>());
    feed.to_string()
}

fn entry(from: FeedEntry) -> Entry {
    let mut entry = Entry::default();
    entry.set_id(from.id);
    entry.set_title(Text::plain(from.title));
    entry.set_updated(from.updated.fixed_offset());
    entry.set_links(vec![link("alternate", from.link, "text/html")]);
    let mut content = Content::default();
    content.set_content_type("text".to_owned());
    content.set_value(from.body);
    entry.set_content(content);
    entry
}

fn link(rel: &str, href: String, mime_type: &str) -> Link {
    let mut link = Link::default();
    link.set_rel(rel);
    link.set_href(href);
    link.set_mime_type(mime_type.to_owned());
    link
}
