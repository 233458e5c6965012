package io.dpone.clickhouse.internal.provider;

import com.google.auto.service.AutoService;
import io.dpone.spi.decision.Blocker;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.manifest.TableEngines;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import java.util.List;

/** Registers internal mode (Replicated*MergeTree members, ClickHouse replication) with the host. */
@AutoService(PublicationStrategyProvider.class)
public final class InternalPublicationStrategyProvider implements PublicationStrategyProvider {
    @Override
    public ReplicationMode replicationMode() {
        return ReplicationMode.INTERNAL;
    }

    @Override
    public String name() {
        return "clickhouse-cluster-internal";
    }

    @Override
    public List<Blocker> admit(SinkManifest manifest, HostEnvironment environment) {
        if (manifest.engine().isPresent()
                && !TableEngines.isDirectReplicated(manifest.engine().get())) {
            return List.of(new Blocker(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED,
                    "internal mode requires a direct Replicated*MergeTree engine"));
        }
        return List.of();
    }

    @Override
    public Publisher createPublisher(PublicationContext context) {
        return new InternalPublisher(context.manifest());
    }
}
