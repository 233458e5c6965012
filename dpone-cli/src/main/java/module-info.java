/** The reference host: finds publication providers on the module path and never falls back. */
module io.dpone.cli {
    requires io.dpone.spi;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;
    requires me.tongfei.progressbar;

    uses io.dpone.spi.publication.PublicationStrategyProvider;
    uses io.dpone.spi.demo.DemoScenarios;
    uses io.dpone.spi.artifact.ArtifactSealer;
    uses io.dpone.spi.source.SourceInspector;

    // picocli reads and injects the annotated command fields reflectively.
    opens io.dpone.cli to
            info.picocli;
    opens io.dpone.cli.command to
            info.picocli;
}
