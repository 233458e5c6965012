package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ExpectedShapes;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.external.authority.ExternalPayload;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-member expectations of a staged record for the shared section 5 and 6 classifiers: each
 * admitted member is judged against its own predecessor (its target UUID at the baseline) and its
 * own desired generation (its candidate UUID), both with the members' common definitions. A member
 * the record names but the inventory lacks gets no shape, so the classifier calls it unknown. Pure.
 */
final class MemberShapes {
    private MemberShapes() {}

    static ExpectedShapes of(ExternalRecord record, AdmittedMembers cluster) {
        ExternalPayload payload = record.payload();
        Map<HostEndpoint, PublicationShape> shapes = new HashMap<>();
        for (MemberRecord member : payload.members()) {
            cluster.of(member).ifPresent(admitted -> shapes.put(admitted.endpoint(), shape(payload, member)));
        }
        if (shapes.isEmpty()) {
            // No admitted member is named by the record: every observation classifies as unknown.
            return new ExpectedShapes.PerMember(Map.of(
                    new HostEndpoint("none", 0),
                    shape(payload, payload.members().get(0))));
        }
        return new ExpectedShapes.PerMember(shapes);
    }

    private static PublicationShape shape(ExternalPayload payload, MemberRecord member) {
        var desired = payload.candidateDefinition().identity(member.candidateUuid());
        return payload.absentTarget()
                ? new PublicationShape.AbsentTarget(desired)
                : new PublicationShape.ExistingTarget(
                        payload.targetDefinition().identity(member.targetUuid()), desired);
    }
}
