package io.dpone.clickhouse.external.authority;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.authority.TransitionRefusal;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import java.util.Optional;

/**
 * External mode's schema over the shared KeeperMap slot ({@code KeeperMapAuthority}): it writes only
 * {@link ExternalRecord}s ({@link ExternalCodecV1}, {@link ExternalTransitions}) and reads an
 * internal V1 row as an {@link InternalBaseline}, so the one target key of both modes is judged
 * here: an external row (any version) is this codec's, anything else the internal codec's, and a
 * row neither accepts blocks. PUBLICATION_DISPATCHING and CLEANUP_DISPATCHING open dispatch epochs.
 * Stateless.
 */
public final class ExternalSlotSchema implements SlotSchema<ExternalSlot> {
    public static final ExternalSlotSchema INSTANCE = new ExternalSlotSchema();

    private ExternalSlotSchema() {}

    @Override
    public AuthorityRow encode(ExternalSlot record) {
        if (record instanceof InternalBaseline baseline) {
            return AuthorityCodecV1.INSTANCE.encode(baseline.record());
        }
        return ExternalCodecV1.encode((ExternalRecord) record);
    }

    @Override
    public DecodeResult<ExternalSlot> decode(AuthorityRow row) {
        if (ExternalCodecV1.claims(row)) {
            DecodeResult<ExternalRecord> external = ExternalCodecV1.decode(row);
            return external instanceof DecodeResult.Valid<ExternalRecord> valid
                    ? new DecodeResult.Valid<>(valid.record())
                    : blocked((DecodeResult.Blocked<ExternalRecord>) external);
        }
        DecodeResult<AuthorityRecord> internal = AuthorityCodecV1.INSTANCE.decode(row);
        return internal instanceof DecodeResult.Valid<AuthorityRecord> valid
                ? new DecodeResult.Valid<>(new InternalBaseline(valid.record()))
                : blocked((DecodeResult.Blocked<AuthorityRecord>) internal);
    }

    @Override
    public Optional<TransitionRefusal> checkCreate(ExternalSlot created) {
        if (!(created instanceof ExternalRecord record)) {
            return Optional.of(TransitionRefusal.FOREIGN_SCHEMA_WRITE);
        }
        return ExternalTransitions.checkCreate(record);
    }

    @Override
    public Optional<TransitionRefusal> check(ExternalSlot current, ExternalSlot next) {
        if (!(next instanceof ExternalRecord written)) {
            return Optional.of(TransitionRefusal.FOREIGN_SCHEMA_WRITE);
        }
        if (current instanceof InternalBaseline baseline) {
            return ExternalTransitions.checkMigration(baseline, written);
        }
        return ExternalTransitions.check((ExternalRecord) current, written);
    }

    @Override
    public boolean opensDispatch(ExternalSlot prior, ExternalSlot written) {
        if (!(prior instanceof ExternalRecord before) || !(written instanceof ExternalRecord after)) {
            return false;
        }
        return after.phase().opensDispatchEpoch()
                && before.operationId().equals(after.operationId())
                && after.dispatchEpoch() == before.dispatchEpoch() + 1;
    }

    @Override
    public Optional<DdlCorrelationToken> dispatchToken(ExternalSlot record) {
        if (!(record instanceof ExternalRecord external)) {
            return Optional.empty();
        }
        return switch (external.phase()) {
            case PUBLICATION_DISPATCHING ->
                Optional.of(external.payload().publication().token());
            case CLEANUP_DISPATCHING -> Optional.of(external.payload().cleanup().token());
            default -> Optional.empty();
        };
    }

    private static <A, B> DecodeResult<B> blocked(DecodeResult.Blocked<A> blocked) {
        return new DecodeResult.Blocked<>(blocked.reason(), blocked.detail());
    }
}
