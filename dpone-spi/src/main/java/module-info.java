/** What the dpone host runtime and publication plugins share. No drivers, no engine code. */
module io.dpone.spi {
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports io.dpone.spi.error;
}
