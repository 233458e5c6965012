package io.dpone.cli;

import io.dpone.cli.input.ConnectionEnvironment;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Source files, environments, arguments and receipts shared by the publish and status tests. */
final class PublishFixtures {
    static final String INVOCATION_ID = "dag-orders/run-2024-06-01";

    private PublishFixtures() {}

    /** A source file in {@code directory} whose name carries the sentinel; the directory becomes forbidden output. */
    static Path source(Path directory, String suffix, String content) {
        CliRun.forbid(directory.toAbsolutePath().toString());
        Path file = directory.resolve(CliRun.SOURCE_MARK + suffix);
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    static Path csv(Path directory) {
        return source(directory, ".csv", "id,name\n1,a\n2,b\n");
    }

    /** A minimal environment connection: the sentinel host and password. */
    static Map<String, String> environment() {
        return Map.of(
                ConnectionEnvironment.HOST, CliRun.SECRET_HOST, ConnectionEnvironment.PASSWORD, CliRun.SECRET_PASSWORD);
    }

    static String[] publish(Path source, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "publish",
                "-m",
                CliRun.fixture("cluster-internal.yaml"),
                "--source",
                source.toString(),
                "--invocation-id",
                INVOCATION_ID));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    /** A receipt with a members table, a bound queue entry and a phase, as a mode body might carry them. */
    static PublicationReceipt receipt(PublicationOutcome outcome, Optional<DponeErrorCode> code) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("phase", "DISPATCHING");
        detail.put("members", List.of(member(1, 1, "committed"), member(1, 2, "pending")));
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("entry", "query-0000000042");
        entry.put("status", "Active");
        detail.put("ddl_entry", entry);
        return new PublicationReceipt(
                "test.receipt.v1",
                ReplicationMode.INTERNAL,
                outcome == PublicationOutcome.NONE ? "" : "op-1",
                EvidenceScope.RUNTIME,
                EvidenceStatus.UNVERIFIED,
                outcome,
                code,
                detail);
    }

    private static Map<String, Object> member(int shard, int replica, String state) {
        Map<String, Object> member = new LinkedHashMap<>();
        member.put("shard", shard);
        member.put("replica", replica);
        member.put("state", state);
        return member;
    }
}
