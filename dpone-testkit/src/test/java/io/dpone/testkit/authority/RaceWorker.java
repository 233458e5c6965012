package io.dpone.testkit.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;

/**
 * A duplicate worker: the production authority adapter (one-shot mutation transport of one
 * protocol) through one member as the publication principal, with its mutation requests counted
 * and its last transport answer kept. One thread uses a worker at a time.
 */
final class RaceWorker implements AutoCloseable {
    private final String label;
    private final OneShotMutationTransport mutations;
    private final ReadTransport reads;
    private final AnswerRecorder answers;
    private final CountingTransport counting;
    private final KeeperMapAuthority<AuthorityRecord> authority;

    RaceWorker(ControlTable table, Protocol protocol, int member) {
        this.label = "member " + (member + 1) + " over " + protocol;
        ClickHouseEndpoint endpoint =
                protocol.endpoint(table.cluster.member(member), table.cluster.publisher(), table.database.control());
        this.mutations = protocol.mutations(endpoint);
        this.reads = protocol.reads(endpoint);
        this.answers = new AnswerRecorder(mutations);
        this.counting = new CountingTransport(reads, answers);
        this.authority = SqlControlStore.authority(
                table.ref, counting, counting, AuthorityQueryIds.random(), table.casPrevalidation());
    }

    String label() {
        return label;
    }

    KeeperMapAuthority<AuthorityRecord> authority() {
        return authority;
    }

    SlotRead<AuthorityRecord> read(Digest targetKey) {
        return authority.readVersioned(requireNonNull(targetKey, "targetKey is null"));
    }

    CasAttempt compareAndSwap(SlotVersion<AuthorityRecord> expected, AuthorityRecord next) {
        int before = counting.mutations();
        long start = System.nanoTime();
        SlotWrite<AuthorityRecord> result = authority.compareAndSwap(expected, next);
        long end = System.nanoTime();
        int sends = counting.mutations() - before;
        return new CasAttempt(
                label, expected.keeperVersion(), next, result, sends == 1 ? answers.last() : null, sends, start, end);
    }

    @Override
    public void close() {
        Protocol.close(mutations);
        Protocol.close(reads);
    }
}
