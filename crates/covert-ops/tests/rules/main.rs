//! Rule-sheet clause tests: one test per clause of `rules/covert-operations.txt` and ruling CO.1–CO.9,
//! each named after the clause it checks and citing it on a `// See:` line.

mod combat;
mod covert;
mod economy;
mod map;
mod orders;
mod secrets;
mod steps;
mod support;
mod victory;
