package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.OperationInputs;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaGeneration;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.testkit.property.ProtocolDigestsContract;
import java.util.Collection;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** Hashes the target key over the plain concatenation cluster + database + table, so ("ab", "c") and ("a", "bc") collide. */
@AddLifecycleHook(FixedSeedHook.class)
public class ConcatenatedTargetKeyMutant extends ProtocolDigestsContract {
    @Override
    protected ProtocolDigests digests() {
        ProtocolDigests real = Sha256ProtocolDigests.INSTANCE;
        return new ProtocolDigests() {
            @Override
            public Digest targetKey(QualifiedTarget target) {
                return real.targetKey(
                        new QualifiedTarget(target.cluster() + target.database() + target.table(), "", ""));
            }

            @Override
            public Digest operationId(OperationInputs inputs) {
                return real.operationId(inputs);
            }

            @Override
            public Digest inventory(ClusterInventory inventory) {
                return real.inventory(inventory);
            }

            @Override
            public Digest generation(GenerationIdentity identity) {
                return real.generation(identity);
            }

            @Override
            public Digest observedGenerations(Collection<ReplicaGeneration> observations) {
                return real.observedGenerations(observations);
            }

            @Override
            public Digest ddlQuery(String normalizedQuery) {
                return real.ddlQuery(normalizedQuery);
            }
        };
    }
}
