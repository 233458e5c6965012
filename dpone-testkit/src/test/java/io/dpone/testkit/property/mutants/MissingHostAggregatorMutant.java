package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.ExactHostSetEntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.testkit.property.EntryAggregatorContract;
import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** A host set off by one: an expected host without any row is not noticed (the rows' hosts become the expected set). */
@AddLifecycleHook(FixedSeedHook.class)
public class MissingHostAggregatorMutant extends EntryAggregatorContract {
    @Override
    protected EntryAggregator aggregator() {
        EntryAggregator exact =
                new ExactHostSetEntryAggregator(PinnedQueueStatusNormalizer.INSTANCE, Sha256ProtocolDigests.INSTANCE);
        return (entry, expected, rows) -> {
            Set<HostEndpoint> reported = new HashSet<>(expected);
            reported.removeIf(host -> rows.stream()
                    .noneMatch(row -> host.host().equals(row.host())
                            && Integer.valueOf(host.port()).equals(row.port())));
            return exact.aggregate(entry, reported.isEmpty() ? expected : reported, rows);
        };
    }
}
