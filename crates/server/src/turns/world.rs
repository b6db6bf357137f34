//! The Covert Operations world map as a page shows it, from a `WorldBoard` made for one reader (a seat's
//! own view or report, or the public one; never the stored state): the `mapview` SVG inlined, and the
//! countries the reader knows something about in words, its text alternative. On the order page a small
//! script (`static/js/world-map.js`) writes a clicked country's code into the order being edited.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use mapview::WorldMapView;

/// The world map's drawing data, loaded and checked once per process; `None` if it failed its checks,
/// and then pages show the list alone.
fn map_view() -> Option<&'static WorldMapView> {
    static VIEW: OnceLock<Option<WorldMapView>> = OnceLock::new();
    VIEW.get_or_init(|| {
        WorldMapView::new()
            .inspect_err(|error| tracing::error!(%error, "the world map is broken; world boards show as lists"))
            .ok()
    })
    .as_ref()
}

pub struct WorldView {
    /// The map as an inline SVG document (mapview's own markup from country codes, never player text).
    pub svg: Option<String>,
    /// What the reader knows, country by country, in words.
    pub known: Vec<String>,
    /// On the order page: clicking a country writes its code into the order being edited.
    pub clickable: bool,
    /// On the order page: every country by region, for the picker and the region links beside the map.
    pub regions: Vec<mapview::WorldRegion>,
    /// On the order page: the key of the region drawn alone, when the address asks for a known one.
    pub region: Option<&'static str>,
}

impl WorldView {
    pub fn of(world: &kinds::kind::WorldBoard) -> WorldView {
        let view = map_view();
        WorldView {
            svg: view.map(|view| view.render(world)),
            known: view.map(|view| view.known_countries(world)).unwrap_or_default(),
            clickable: false,
            regions: Vec::new(),
            region: None,
        }
    }

    /// The same map on the order page, where a click on a country fills in its code; `region` (a key of
    /// `mapview`'s regions) draws that region alone, the zoom of a page without JavaScript.
    pub fn clickable(world: &kinds::kind::WorldBoard, region: Option<&str>) -> WorldView {
        let view = map_view();
        let regions = view.map(WorldMapView::regions).unwrap_or_default();
        let region = regions.iter().map(|known| known.key).find(|key| Some(*key) == region);
        WorldView {
            svg: view.map(|view| match region {
                Some(key) => view.render_region(world, key),
                None => view.render(world),
            }),
            known: view.map(|view| view.known_countries(world)).unwrap_or_default(),
            clickable: true,
            regions,
            region,
        }
    }
}

/// The order page's world map script (progressive enhancement), compiled in like `orders.js`.
pub async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../../../../static/js/world-map.js"))
}

/// The results page's board script (progressive enhancement): on a phone it opens the board over the
/// phase's events.
pub async fn board_script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../../../../static/js/board.js"))
}

/// Centring a panning map on some of its elements, shared by the board and world map scripts.
pub async fn centre_script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../../../../static/js/map-centre.js"))
}
