package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.testkit.arbitrary.IdentityArbitraries;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;

/**
 * Properties of DDL correlation tokens: two operations never map to one token (even when their
 * random bits collide), neither do two actions or epochs of one operation; tokens are bounded,
 * opaque and carry at least 128 random bits; parsing is total and inverts issuing. Extend and
 * implement {@link #issue}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class CorrelationTokenContract {
    protected CorrelationTokenContract() {}

    protected abstract DdlCorrelationToken issue(Digest operation, DdlAction action, long epoch, RandomBits random);

    @Property
    void twoOperationsNeverShareAToken(
            @ForAll("digests") Digest a,
            @ForAll("digests") Digest b,
            @ForAll DdlAction actionA,
            @ForAll DdlAction actionB,
            @ForAll @LongRange(min = 0) long epochA,
            @ForAll @LongRange(min = 0) long epochB,
            @ForAll long seed) {
        Assume.that(!a.equals(b));
        // The same seed makes the random bits identical: uniqueness must not rest on randomness.
        assertNotEquals(
                issue(a, actionA, epochA, seeded(seed)).value(),
                issue(b, actionB, epochB, seeded(seed)).value(),
                () ->
                        "rule (spec 4): two operations never share a token, even with identical random bits; for operations "
                                + a + " (" + actionA + ", epoch " + epochA + ") and " + b + " (" + actionB + ", epoch "
                                + epochB + "), seed " + seed);
    }

    @Property
    void oneOperationNeverReusesATokenAcrossActionsOrEpochs(
            @ForAll("digests") Digest operation,
            @ForAll DdlAction actionA,
            @ForAll DdlAction actionB,
            @ForAll @LongRange(min = 0) long epochA,
            @ForAll @LongRange(min = 0) long epochB,
            @ForAll long seed) {
        Assume.that(actionA != actionB || epochA != epochB);
        assertNotEquals(
                issue(operation, actionA, epochA, seeded(seed)).value(),
                issue(operation, actionB, epochB, seeded(seed)).value(),
                () -> "rule (spec 4/6): each action and dispatch epoch of"
                        + " an operation has its own token; for operation " + operation + ", " + actionA + " epoch "
                        + epochA + " and "
                        + actionB + " epoch " + epochB + ", seed " + seed);
    }

    @Property
    void tokensAreBoundedOpaqueAndRandomEnough(
            @ForAll("digests") Digest operation,
            @ForAll DdlAction action,
            @ForAll @LongRange(min = 0) long epoch,
            @ForAll long seed) {
        DdlCorrelationToken token = issue(operation, action, epoch, seeded(seed));
        String issued = "; issued " + FieldsReportingFormat.quoted(token.value()) + " for operation " + operation + ", "
                + action + " epoch " + epoch;
        assertTrue(
                token.value().length() <= DdlCorrelationToken.MAX_LENGTH,
                () -> "rule: a token is at most " + DdlCorrelationToken.MAX_LENGTH + " characters" + issued);
        assertTrue(
                token.value().matches("[a-z0-9.\\-]+"),
                () -> "rule: a token uses only the opaque alphabet [a-z0-9.-]" + issued);
        assertTrue(
                token.randomHex().length() * 4 >= 128,
                () -> "rule (spec 4): a token carries at least 128 random bits" + issued);
        assertEquals(
                Optional.of(token),
                DdlCorrelationToken.parse(token.value()),
                () -> "rule: parsing inverts issuing" + issued);
    }

    @Property
    void parsingIsTotal(@ForAll String text) {
        assertNotNull(
                DdlCorrelationToken.parse(text),
                () -> "rule: parsing is total; for " + FieldsReportingFormat.quoted(text));
    }

    @Provide
    Arbitrary<Digest> digests() {
        return IdentityArbitraries.digests();
    }

    private static RandomBits seeded(long seed) {
        return RandomBits.from(new Random(seed));
    }
}
