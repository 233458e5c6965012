package io.dpone.testkit.clickhouse.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.clickhouse.ManualClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Docker harness's waits, against fakes (pure; no Docker engine): members start only once
 * Keeper serves, and a restart returns only once every running member reaches every other.
 */
class DockerHarnessWaitsTest {
    private static final String SERVING = "zk_version\tv24.8.14.39-lts\nzk_server_state\tleader\nzk_znode_count\t4\n";

    @Test
    void keeperServesOnlyWhenItIsOkAndReportsAServingState() {
        assertEquals(Optional.empty(), KeeperReadiness.unmet(answers(Map.of("ruok", "imok", "mntr", SERVING))));
        assertEquals(
                Optional.empty(),
                KeeperReadiness.unmet(answers(Map.of("ruok", "imok\n", "mntr", "zk_server_state\tstandalone\n"))));
        assertEquals(
                Optional.of("zk_server_state is observer"),
                KeeperReadiness.unmet(answers(Map.of("ruok", "imok", "mntr", "zk_server_state\tobserver\n"))));
        assertEquals(
                Optional.of("mntr reports no zk_server_state"),
                KeeperReadiness.unmet(answers(Map.of("ruok", "imok", "mntr", "zk_version\tv24.8\n"))));
        assertEquals(
                Optional.of("ruok answered ''"), KeeperReadiness.unmet(answers(Map.of("ruok", "", "mntr", SERVING))));
        assertEquals(Optional.of("Keeper does not answer (IOException)"), KeeperReadiness.unmet(command -> {
            throw new IOException("connection refused");
        }));
    }

    @Test
    void fourLetterWordsGoOverTcpToThePortDockerPublishesNow() throws Exception {
        try (ServerSocket keeper = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> serve(keeper, 2));
            server.start();
            KeeperReadiness.FourLetterWords words = KeeperReadiness.overTcp(
                    () -> Optional.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), keeper.getLocalPort())));
            assertEquals(Optional.empty(), KeeperReadiness.unmet(words));
            server.join(5_000);
        }
        KeeperReadiness.FourLetterWords unpublished = KeeperReadiness.overTcp(Optional::empty);
        assertEquals(Optional.of("Keeper does not answer (IOException)"), KeeperReadiness.unmet(unpublished));
    }

    @Test
    void pollingWaitsUntilTheCheckHoldsAndNamesWhatWasMissingWhenItGivesUp() {
        ManualClock clock = new ManualClock();
        Polling polling = new Polling(clock, clock::advance, Duration.ofSeconds(1));
        Deque<Optional<String>> looks = new ArrayDeque<>(
                List.of(Optional.of("ruok answered ''"), Optional.of("zk_server_state is observer"), Optional.empty()));
        polling.until("Keeper", Duration.ofSeconds(10), looks::pop);
        assertEquals(2, clock.advances(), "two polls before Keeper served");

        IllegalStateException timedOut = assertThrows(
                IllegalStateException.class,
                () -> polling.until("Keeper", Duration.ofSeconds(3), () -> Optional.of("zk_server_state is observer")));
        assertEquals("timed out after 3 s waiting for Keeper: zk_server_state is observer", timedOut.getMessage());
    }

    @Test
    void everyRunningMemberMustReachEveryRunningMember() {
        assertEquals(
                Optional.empty(),
                MemberReachability.unmet(
                        Map.of("r1", Optional.of(Set.of("r1", "r2")), "r2", Optional.of(Set.of("r1", "r2")))));
        assertEquals(
                Optional.of("members not reached, by member: {r1=[r2]}"),
                MemberReachability.unmet(
                        Map.of("r1", Optional.of(Set.of("r1")), "r2", Optional.of(Set.of("r1", "r2")))),
                "r1 still resolves r2's old address");
        assertEquals(
                Optional.of("members not reached, by member: {r2=[r1, r2]}"),
                MemberReachability.unmet(Map.of("r1", Optional.of(Set.of("r1", "r2")), "r2", Optional.empty())),
                "r2's read failed");
        assertEquals(
                Optional.empty(),
                MemberReachability.unmet(
                        Map.of("r1", Optional.of(Set.of("r1", "r3")), "r3", Optional.of(Set.of("r1", "r3")))),
                "a killed r2 is not waited for");
        assertTrue(MemberReachability.query("'dpone_cluster'")
                .contains("clusterAllReplicas('dpone_cluster', system.macros)"));
        assertEquals("1", MemberReachability.SETTINGS.get("skip_unavailable_shards"));
    }

    private static KeeperReadiness.FourLetterWords answers(Map<String, String> answers) {
        return command -> answers.get(command);
    }

    /** Answers {@code connections} four-letter commands the way a serving Keeper does, closing after each. */
    private static void serve(ServerSocket keeper, int connections) {
        for (int i = 0; i < connections; i++) {
            try (Socket client = keeper.accept()) {
                InputStream in = client.getInputStream();
                String command = new String(in.readNBytes(4), StandardCharsets.US_ASCII);
                OutputStream out = client.getOutputStream();
                out.write((command.equals("ruok") ? "imok" : SERVING).getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                return;
            }
        }
    }
}
