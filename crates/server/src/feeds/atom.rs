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

/// `text` without the characters XML 1.0 cannot carry (U+FFFE, U+FFFF, controls other than tab and
/// line breaks) and without those it discourages and some readers refuse: DEL, the C1 controls and
/// Unicode's other noncharacters (U+FDD0 to U+FDEF, the last two of every plane). Names, titles and press come from players: one
/// such character in a game's name made the lobby feed invalid for every reader.
pub fn xml_text(text: &str) -> String {
    text.chars().filter(|&c| is_xml_char(c) && !is_noncharacter(c)).collect()
}

fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7E}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

fn is_noncharacter(c: char) -> bool {
    matches!(c, '\u{FDD0}'..='\u{FDEF}') || u32::from(c) & 0xFFFE == 0xFFFE
}

/// The feed as XML, every text in it passed through [`xml_text`]. `updated` is the newest entry's, or `fallback` for a feed without entries (Atom
/// requires the element).
pub fn write_feed(head: FeedHead, entries: Vec<FeedEntry>, fallback: DateTime<Utc>) -> String {
    let updated = entries.iter().map(|entry| entry.updated).max().unwrap_or(fallback);
    let mut feed = Feed::default();
    feed.set_id(xml_text(&head.id));
    feed.set_title(Text::plain(xml_text(&head.title)));
    feed.set_subtitle(head.subtitle.map(|subtitle| Text::plain(xml_text(&subtitle))));
    feed.set_updated(updated.fixed_offset());
    // Atom asks every entry for an author, or the feed for one; the site speaks for its games.
    let mut author = Person::default();
    author.set_name("Backchannel");
    feed.set_authors(vec![author]);
    feed.set_links(vec![
        link("alternate", xml_text(&head.page), "text/html"),
        link("self", xml_text(&head.feed), "application/atom+xml"),
    ]);
    feed.set_entries(entries.into_iter().map(entry).collect::<Vec<_>>());
    feed.to_string()
}

fn entry(from: FeedEntry) -> Entry {
    let mut entry = Entry::default();
    entry.set_id(xml_text(&from.id));
    entry.set_title(Text::plain(xml_text(&from.title)));
    entry.set_updated(from.updated.fixed_offset());
    entry.set_links(vec![link("alternate", xml_text(&from.link), "text/html")]);
    let mut content = Content::default();
    content.set_content_type("text".to_owned());
    content.set_value(xml_text(&from.body));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every noncharacter: U+FDD0 to U+FDEF and the last two code points of each of the 17 planes.
    fn noncharacters() -> Vec<char> {
        let plane_ends = (0..=0x10_u32).flat_map(|plane| [plane << 16 | 0xFFFE, plane << 16 | 0xFFFF]);
        (0xFDD0..=0xFDEF_u32).chain(plane_ends).filter_map(char::from_u32).collect()
    }

    #[test]
    fn a_feed_with_every_noncharacter_and_control_in_its_texts_is_well_formed_xml_without_them() {
        let hostile: String =
            noncharacters().into_iter().chain(['\0', '\u{1}', '\u{1F}', '\u{7F}', '\u{85}', '\u{9F}']).collect();
        assert_eq!(noncharacters().len(), 66);
        let text = |words: &str| format!("{words} {hostile} end");
        let head = FeedHead {
            id: text("id"),
            title: text("Feed breaker"),
            subtitle: Some(text("subtitle")),
            page: "https://example.test/games".to_owned(),
            feed: "https://example.test/games/feed".to_owned(),
        };
        let entry = FeedEntry {
            id: text("entry"),
            title: text("Feed breaker"),
            link: "https://example.test/games/1".to_owned(),
            updated: Utc::now(),
            body: text("press from a display name"),
        };
        let xml = write_feed(head, vec![entry], Utc::now());
        roxmltree::Document::parse(&xml).expect("well-formed XML");
        assert!(xml.contains("Feed breaker  end"), "{xml}");
        for c in hostile.chars() {
            assert!(!xml.contains(c), "U+{:04X} is still in the feed", u32::from(c));
        }
    }
}
