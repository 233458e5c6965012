/** The consumer's tests as a module: the testkit, jqwik and JUnit are read as named modules. */
open module com.example.connector {
    requires io.dpone.testkit;
    requires net.jqwik.api;
    requires org.junit.jupiter.api;
}
