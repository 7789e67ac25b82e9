//! The library half of the `grundy` command: what the command line and the web
//! playground share (the JSON objects of tables and periods), and the playground's
//! server ([`serve`]), which the tests drive without a socket.

pub mod reports;
pub mod serve;
