//! A pane's list of features, whatever the pane: each feature is a boxed trait object of the pane's feature
//! trait, found again by its type (for what tests and the binary read) and asked in the order it was added.

use std::any::Any;

/// Lets a pane find a feature by its type.
pub trait AsAny: Any {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The features of a tab, in the order they draw. `F` is the pane's feature trait (`dyn BlobFeature`, say); the
/// pane's own folder adds what its features answer together (unsaved, busy, …).
pub struct Features<F: ?Sized>(pub(crate) Vec<Box<F>>);

impl<F: ?Sized> Default for Features<F> {
    fn default() -> Self {
        Features(Vec::new())
    }
}

impl<F: ?Sized + AsAny> Features<F> {
    pub fn push_boxed(&mut self, feature: Box<F>) {
        self.0.push(feature);
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Box<F>> {
        self.0.iter_mut()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Box<F>> {
        self.0.iter()
    }

    /// The feature of type `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.iter().find_map(|f| (**f).as_any().downcast_ref::<T>())
    }

    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.0.iter_mut().find_map(|f| (**f).as_any_mut().downcast_mut::<T>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    trait Part: AsAny {
        fn name(&self) -> &'static str;
    }
    struct A(u8);
    struct B;
    impl Part for A {
        fn name(&self) -> &'static str {
            "a"
        }
    }
    impl Part for B {
        fn name(&self) -> &'static str {
            "b"
        }
    }

    #[test]
    fn a_feature_is_found_again_by_its_type_and_the_list_keeps_its_order() {
        let mut list: Features<dyn Part> = Features::default();
        list.push_boxed(Box::new(B));
        list.push_boxed(Box::new(A(7)));
        assert_eq!(list.iter().map(|p| p.name()).collect::<Vec<_>>(), ["b", "a"]);
        list.get_mut::<A>().unwrap().0 += 1;
        assert_eq!(list.get::<A>().map(|a| a.0), Some(8));
        assert!(list.get::<u32>().is_none());
    }
}
