// JSONServerCore: placeholder until the first real file lands.
enum JSONServerCorePlaceholder {}
