/** The consumer's tests as a module: the testkit, jqwik and JUnit are read as named modules. */
open module com.example.connector {
    requires io.dpone.testkit;
    // SimulatedPublicationTest runs the real internal service on the simulator (the plugin's simulated package).
    requires io.dpone.clickhouse.internal;
    requires net.jqwik.api;
    requires org.junit.jupiter.api;
    // CounterexampleReportTest launches a deliberately wrong suite and reads jqwik's sample report.
    requires org.junit.platform.launcher;
}
