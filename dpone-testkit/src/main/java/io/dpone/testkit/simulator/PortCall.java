package io.dpone.testkit.simulator;

/** The simulated port methods; every call is one scheduling point, one trace step and one call record. */
public enum PortCall {
    INVENTORY(false),
    MEMBERS(false),
    CANDIDATE_HEALTH(false),
    TABLE_NAMES(false),
    FACADE_OBSERVE(false),
    DDL_PREFLIGHT(false),
    /** {@code DdlPort.dispatch}: a fenced publication or cleanup statement. */
    DDL_DISPATCH(true),
    /** {@code DdlPort.dispatchSetup}: bootstrap, probe, candidate creation or discard. */
    DDL_SETUP(true),
    DDL_LOOKUP(false),
    DDL_ENTRIES_BY_PREFIX(false),
    DDL_HOST_ROWS(false),
    CONTROL_INSERT(true),
    CONTROL_CAS(true),
    CONTROL_READ(false),
    LOAD(true),
    /** The injected sleeper: a wait of virtual time. */
    SLEEP(false);

    private final boolean mutation;

    PortCall(boolean mutation) {
        this.mutation = mutation;
    }

    /** True for the calls that send a mutation: one transport invocation each. */
    public boolean isMutation() {
        return mutation;
    }
}
