mod game;
mod properties;
mod rules;
mod secrets;
