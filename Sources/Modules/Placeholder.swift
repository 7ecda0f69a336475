// Modules: placeholder until the first real file lands.
enum ModulesPlaceholder {}
