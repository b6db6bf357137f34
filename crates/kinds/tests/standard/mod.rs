mod game;
