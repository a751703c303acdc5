// Progress of a long bench run on standard error: nothing for the first two seconds,
// then what is being measured and the time so far, at most once a second (rewriting
// one line on a terminal; a line every five seconds into a file or pipe).
#pragma once

#include <string>

#include "output.hpp"

namespace dstu::cli::bench::progress {

/// Starts the clock (the run begins).
void start();  // without it (dstu -q bench) note() prints nothing

/// A measurement begins.
void note(const std::string& suite, const std::string& name, const Json& params);

/// The run is over: clears the terminal line, if one was written.
void finish();

}  // namespace dstu::cli::bench::progress
