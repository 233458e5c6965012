/** The consumer's tests as a module: the testkit, jqwik and JUnit are read as named modules. */
open module com.example.connector {
    requires io.dpone.testkit;
    // SimulatedPublicationTest runs the real internal service on the simulator (the plugin's simulated package).
    requires io.dpone.clickhouse.internal;
    // SimulatedExternalPublicationTest and ExternalCodecPropertiesTest: external mode's simulated and testing packages.
    requires io.dpone.clickhouse.external;
    requires net.jqwik.api;
    requires org.junit.jupiter.api;
    // CounterexampleReportTest launches a deliberately wrong suite and reads jqwik's sample report.
    requires org.junit.platform.launcher;
}
