//! The browser journeys, linked into one binary (each links the whole server, so one link instead of one
//! per journey): a real server on a test PostgreSQL, driven in headless Chromium through chromedriver.

mod cabinet_diplomacy_journey;
mod covert_operations_day;
mod forgot_password;
mod forms_on_a_phone;
mod gm_panel_private_game;
mod gm_preview_release_and_rollback;
mod installable_with_push;
mod live_game_of_minutes;
mod live_game_page;
mod observer_watches_the_game_page;
mod offline_reading;
mod order_by_clicking_the_map;
mod phone_and_no_script;
mod play_against_bots;
mod play_now_queue;
mod press_private_group_public;
mod press_settings_and_anonymity;
mod register_create_join;
mod reliability_and_votes;
mod seven_players_play_to_a_draw;
mod submit_orders_and_see_results;
mod terrorism_money_by_rows;
mod variant_game_secrets;
mod what_if_board;
mod world_map_on_a_phone;
