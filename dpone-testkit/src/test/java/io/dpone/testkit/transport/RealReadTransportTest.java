package io.dpone.testkit.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.transport.ReadRetryPolicy;
import io.dpone.clickhouse.cluster.transport.RetryingReadTransport;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Reads over both real adapters give the same normalised cells; the read retry is bounded. */
@ClickHouseCluster(members = 2)
class RealReadTransportTest {
    private static final SqlStatement SHAPES = SqlStatement.read("SELECT [1, 2] AS arr, ['q1', 'q2'] AS strs,"
            + " map('log_comment', 'tok') AS mp, toUInt64(18446744073709551615) AS big, toUInt64(5) AS small,"
            + " CAST(NULL, 'Nullable(String)') AS n, toInt8(-3) AS i8, 1.5 AS f, 'x' AS s,"
            + " CAST(CAST('Finished', 'Enum8(\\'Inactive\\' = 0, \\'Finished\\' = 2)'), 'Nullable(String)') AS status,"
            + " CAST(NULL, 'Nullable(UInt16)') AS exception_code, toUInt16(60) AS code");

    @ParameterizedTest
    @EnumSource(Transports.class)
    void cellsAreNormalisedAlike(Transports protocol, RunningCluster cluster) throws Exception {
        ReadTransport reads = protocol.reads(protocol.endpoint(cluster.member(0), cluster.admin(), "default"));
        try {
            ReadResult result = reads.read(SHAPES, QueryContext.of("shapes-" + UUID.randomUUID()))
                    .rowsOrThrow();
            assertEquals(
                    List.of(
                            "arr",
                            "strs",
                            "mp",
                            "big",
                            "small",
                            "n",
                            "i8",
                            "f",
                            "s",
                            "status",
                            "exception_code",
                            "code"),
                    result.columns());
            assertEquals(
                    Arrays.asList(
                            List.of(1L, 2L),
                            List.of("q1", "q2"),
                            Map.of("log_comment", "tok"),
                            new BigInteger("18446744073709551615"),
                            5L,
                            null,
                            -3L,
                            1.5,
                            "x",
                            "Finished",
                            null,
                            60L),
                    result.rows().get(0));
        } finally {
            Transports.close(reads);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void readRetryIsBoundedAndSleepsThroughTheInjectedSleeper(Transports protocol, RunningCluster cluster)
            throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ReadTransport dead = protocol.reads(Transports.endpointAt("127.0.0.1", port, cluster.admin(), "default"));
        List<Duration> sleeps = new ArrayList<>();
        try {
            ReadOutcome outcome = new RetryingReadTransport(
                            dead, new ReadRetryPolicy(3, Duration.ofMillis(50), Duration.ofMillis(80)), sleeps::add)
                    .read(SqlStatement.read("SELECT 1"), QueryContext.of("dead-" + UUID.randomUUID()));
            assertEquals(
                    ReadFailure.Kind.NOT_SENT,
                    assertInstanceOf(ReadOutcome.Failed.class, outcome)
                            .failure()
                            .kind());
            assertEquals(List.of(Duration.ofMillis(50), Duration.ofMillis(80)), sleeps);
        } finally {
            Transports.close(dead);
        }
    }

    @Test
    void definitiveServerRefusalIsNotRetried(RunningCluster cluster) throws Exception {
        ReadTransport reads =
                Transports.HTTP.reads(Transports.HTTP.endpoint(cluster.member(0), cluster.admin(), "default"));
        List<Duration> sleeps = new ArrayList<>();
        try {
            ReadOutcome outcome = new RetryingReadTransport(reads, ReadRetryPolicy.standard(), sleeps::add)
                    .read(
                            SqlStatement.read("SELECT * FROM default.absent_table"),
                            QueryContext.of("absent-" + UUID.randomUUID()));
            ReadFailure failure =
                    assertInstanceOf(ReadOutcome.Failed.class, outcome).failure();
            assertEquals(60, failure.serverError().orElseThrow().code());
            assertEquals(List.of(), sleeps);
        } finally {
            Transports.close(reads);
        }
    }
}
