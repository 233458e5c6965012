/** What the dpone host runtime and publication plugins share. No drivers, no engine code. */
module io.dpone.spi {
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;

    exports io.dpone.spi.artifact;
    exports io.dpone.spi.decision;
    exports io.dpone.spi.demo;
    exports io.dpone.spi.error;
    exports io.dpone.spi.manifest;
    exports io.dpone.spi.publication;
    exports io.dpone.spi.receipt;
    exports io.dpone.spi.source;
}
