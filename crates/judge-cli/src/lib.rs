//! The reusable half of the `judge` command line: the JSON wire format of positions and results
//! ([`wire`]) and the adjudication of one request through the judge library ([`adjudication`]). The
//! binary (`src/main.rs`) adds only standard input and output, so other crates can speak the same JSON.

pub mod adjudication;
pub mod compact;
pub mod wire;
