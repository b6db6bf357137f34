mod game;
mod rules;
mod secrets;
