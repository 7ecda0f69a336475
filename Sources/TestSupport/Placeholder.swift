// TestSupport: placeholder until the first real file lands.
enum TestSupportPlaceholder {}
