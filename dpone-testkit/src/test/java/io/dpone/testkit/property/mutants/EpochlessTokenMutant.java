package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.testkit.property.CorrelationTokenContract;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** Leaves the dispatch epoch out of the token, so a redispatch can be mistaken for the earlier attempt. */
@AddLifecycleHook(FixedSeedHook.class)
public class EpochlessTokenMutant extends CorrelationTokenContract {
    @Override
    protected DdlCorrelationToken issue(Digest operation, DdlAction action, long epoch, RandomBits random) {
        return DdlCorrelationToken.issue(operation, action, 0, random);
    }
}
