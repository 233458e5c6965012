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
    /** External mode, {@code MemberSession.identify}: a member's own {@code is_local} row, over its direct connection. */
    MEMBER_IDENTIFY(false),
    /** {@code MemberSession.policy}: the principal's missing privileges and the server's deduplication default on one member. */
    MEMBER_POLICY(false),
    /** {@code MemberSession.table}: one table name on one member, over its direct connection. */
    MEMBER_TABLE(false),
    /** {@code MemberSession.create}: a local {@code CREATE TABLE} of the candidate on one member. */
    MEMBER_CREATE(true),
    /** {@code MemberSession.drop}: a local {@code DROP TABLE IF EXISTS} of the candidate on one member. */
    MEMBER_DROP(true),
    /** {@code MemberSession.rename}: a local {@code RENAME TABLE} of a proven attempt table to the candidate name on one member. */
    MEMBER_RENAME(true),
    /**
     * One statement of {@code MemberSession.insert}: an {@code INSERT} of one native block of the
     * artifact's rows into one member's table, which resolves the table name when it starts; a load
     * is one such call per block.
     */
    MEMBER_INSERT(true),
    /** {@code MemberSession.content}: every row of one member's candidate re-read and digested. */
    MEMBER_CONTENT(false),
    /** {@code MemberSession.rowCount}: {@code count()} on one member. */
    MEMBER_ROW_COUNT(false),
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

    /** True for the calls of external mode's direct member sessions: they reach their member, not the worker's. */
    public boolean isMemberSession() {
        return name().startsWith("MEMBER_");
    }
}
