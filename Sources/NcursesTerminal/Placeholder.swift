// NcursesTerminal: placeholder until the first real file lands.
enum NcursesTerminalPlaceholder {}
