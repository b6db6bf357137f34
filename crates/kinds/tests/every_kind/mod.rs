mod gm_views;
mod order_parsers_fuzz;
mod press_limits;
