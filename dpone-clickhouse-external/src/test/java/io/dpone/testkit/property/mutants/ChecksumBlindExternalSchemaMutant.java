package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.TransitionRefusal;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.testing.ExternalAuthorityCodecContract;
import java.util.Optional;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** Decodes an external control row without checking its payload checksum. */
@AddLifecycleHook(FixedSeedHook.class)
public class ChecksumBlindExternalSchemaMutant extends ExternalAuthorityCodecContract {
    @Override
    protected SlotSchema<ExternalSlot> schema() {
        SlotSchema<ExternalSlot> real = ExternalSlotSchema.INSTANCE;
        return new SlotSchema<>() {
            @Override
            public AuthorityRow encode(ExternalSlot record) {
                return real.encode(record);
            }

            @Override
            public DecodeResult<ExternalSlot> decode(AuthorityRow row) {
                return real.decode(ChecksumBlindRows.trusted(row));
            }

            @Override
            public Optional<TransitionRefusal> checkCreate(ExternalSlot created) {
                return real.checkCreate(created);
            }

            @Override
            public Optional<TransitionRefusal> check(ExternalSlot current, ExternalSlot next) {
                return real.check(current, next);
            }

            @Override
            public boolean opensDispatch(ExternalSlot prior, ExternalSlot written) {
                return real.opensDispatch(prior, written);
            }

            @Override
            public Optional<DdlCorrelationToken> dispatchToken(ExternalSlot record) {
                return real.dispatchToken(record);
            }
        };
    }
}
