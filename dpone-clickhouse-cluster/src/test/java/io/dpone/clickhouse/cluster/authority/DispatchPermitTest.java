package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import java.io.ByteArrayOutputStream;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The permit can be neither built outside this package nor persisted, and only one CAS variant carries it. */
class DispatchPermitTest {
    private static final DispatchPermit PERMIT = Permits.issue(TARGET_KEY, OPERATION, FENCE, 1, 8);

    @Test
    void noPublicOrProtectedConstructorAndNoFactory() {
        assertTrue(Modifier.isFinal(DispatchPermit.class.getModifiers()));
        for (Constructor<?> constructor : DispatchPermit.class.getDeclaredConstructors()) {
            int modifiers = constructor.getModifiers();
            assertFalse(Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers), constructor.toString());
        }
        assertFalse(Modifier.isPublic(PermitIssuer.class.getModifiers()), "the issuer is the adapter's, not an API");
        for (Method method : PermitIssuer.class.getDeclaredMethods()) {
            assertFalse(
                    Modifier.isPublic(method.getModifiers()) || Modifier.isProtected(method.getModifiers()),
                    method.toString());
        }
        for (Method method : DispatchPermit.class.getDeclaredMethods()) {
            boolean publicStatic = Modifier.isStatic(method.getModifiers()) && Modifier.isPublic(method.getModifiers());
            assertFalse(publicStatic && method.getReturnType() == DispatchPermit.class, method.toString());
        }
    }

    @Test
    void isNotSerializableByJavaOrJackson() {
        assertFalse(Serializable.class.isAssignableFrom(DispatchPermit.class));
        assertThrows(
                NotSerializableException.class,
                () -> new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(PERMIT));
        assertThrows(Exception.class, () -> new ObjectMapper().writeValueAsString(PERMIT));
        assertEquals("DispatchPermit[epoch=1]", PERMIT.toString());
    }

    @Test
    void onlyAcknowledgedVerifiedHasAPermitComponent() {
        for (Class<?> variant : SlotWrite.class.getPermittedSubclasses()) {
            List<Class<?>> types = Arrays.stream(variant.getRecordComponents())
                    .map(RecordComponent::getType)
                    .<Class<?>>map(type -> type)
                    .toList();
            assertEquals(variant == SlotWrite.Verified.class, types.contains(DispatchPermit.class), variant.getName());
        }
        assertEquals(3, SlotWrite.class.getPermittedSubclasses().length);
    }

    @Test
    void authorizesOnlyItsOwnOperationAndEpoch() {
        DdlCorrelationToken own = DdlCorrelationToken.issue(OPERATION, DdlAction.EXCHANGE, 1, seeded(1));
        assertTrue(PERMIT.authorizes(TARGET_KEY, own));
        assertFalse(PERMIT.authorizes(digest("other"), own));
        assertFalse(
                PERMIT.authorizes(TARGET_KEY, DdlCorrelationToken.issue(OPERATION, DdlAction.EXCHANGE, 2, seeded(1))));
        assertFalse(PERMIT.authorizes(
                TARGET_KEY, DdlCorrelationToken.issue(digest("op2"), DdlAction.EXCHANGE, 1, seeded(1))));
        assertTrue(PERMIT.matchesWrite(FENCE, 8));
        assertFalse(PERMIT.matchesWrite(FENCE, 9));
    }

    @Test
    void spendsExactlyOnce() {
        DispatchPermit permit = Permits.issue(TARGET_KEY, OPERATION, FENCE, 1, 8);
        assertTrue(permit.spend());
        assertFalse(permit.spend());
    }
}
