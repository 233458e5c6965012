/** The reference host: finds publication providers on the module path and never falls back. */
module io.dpone.cli {
    requires io.dpone.spi;
}
