//! The library half of the `grundy` command: the playground's server ([`serve`]),
//! which the tests drive without a socket.

pub mod serve;
