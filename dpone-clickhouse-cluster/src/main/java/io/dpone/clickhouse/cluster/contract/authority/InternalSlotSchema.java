package io.dpone.clickhouse.cluster.contract.authority;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.Optional;

/**
 * Internal mode's V1 schema: {@link AuthorityCodecV1}, {@link AuthorityTransitions}, and the two
 * dispatching phases (DISPATCHING opens the publication epoch, CLEANUP_DISPATCHING the cleanup
 * one). Stateless.
 */
public final class InternalSlotSchema implements SlotSchema<AuthorityRecord> {
    public static final InternalSlotSchema INSTANCE = new InternalSlotSchema();

    private InternalSlotSchema() {}

    @Override
    public AuthorityRow encode(AuthorityRecord record) {
        return AuthorityCodecV1.INSTANCE.encode(record);
    }

    @Override
    public DecodeResult<AuthorityRecord> decode(AuthorityRow row) {
        return AuthorityCodecV1.INSTANCE.decode(row);
    }

    @Override
    public Optional<TransitionRefusal> checkCreate(AuthorityRecord created) {
        return AuthorityTransitions.checkCreate(created);
    }

    @Override
    public Optional<TransitionRefusal> check(AuthorityRecord current, AuthorityRecord next) {
        return AuthorityTransitions.check(current, next);
    }

    @Override
    public boolean opensDispatch(AuthorityRecord prior, AuthorityRecord written) {
        return prior != null
                && written.phase().startsDispatchEpoch()
                && written.phase() != prior.phase()
                && written.dispatchEpoch() == prior.dispatchEpoch() + 1;
    }

    @Override
    public Optional<DdlCorrelationToken> dispatchToken(AuthorityRecord record) {
        if (record.phase() == AuthorityPhase.DISPATCHING) {
            return Optional.of(record.payload().publication().token());
        }
        if (record.phase() == AuthorityPhase.CLEANUP_DISPATCHING) {
            return Optional.of(record.payload().cleanup().token());
        }
        return Optional.empty();
    }
}
